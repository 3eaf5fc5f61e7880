export default function PerformPage() {
  return <div>PerformPage</div>;
}
