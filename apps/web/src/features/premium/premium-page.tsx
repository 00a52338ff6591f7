/** Placeholder until its helper lands (issue 14). */
export default function PremiumPage() {
  return null;
}
