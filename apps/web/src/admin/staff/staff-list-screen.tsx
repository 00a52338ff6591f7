/** Placeholder until its owner builds this screen (issue 13). */
export function Component() {
  return <h1 className="h4">Staff</h1>;
}
