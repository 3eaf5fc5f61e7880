export default function CalculateHomePage() {
  return <div>CalculateHomePage</div>;
}
