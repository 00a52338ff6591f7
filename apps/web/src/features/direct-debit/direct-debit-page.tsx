/** Placeholder until its helper lands (issue 14). */
export default function DirectDebitPage() {
  return null;
}
