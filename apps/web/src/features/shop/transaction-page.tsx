/** Placeholder until its helper lands (issue 14). */
export default function TransactionPage() {
  return null;
}
