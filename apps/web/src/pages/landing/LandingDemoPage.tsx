export default function LandingDemoPage() {
  return <div>LandingDemoPage</div>;
}
