export default function MergePage() {
  return <div>MergePage</div>;
}
