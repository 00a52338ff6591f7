/** Placeholder until its helper lands (issue 14). */
export default function RepeatOrderPage() {
  return null;
}
