/** Placeholder until its helper lands (issue 14). */
export default function CreditsPage() {
  return null;
}
