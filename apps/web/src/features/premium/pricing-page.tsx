/** Placeholder until its helper lands (issue 14). */
export default function PricingPage() {
  return null;
}
