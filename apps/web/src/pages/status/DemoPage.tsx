export default function DemoPage() {
  return <div>DemoPage</div>;
}
