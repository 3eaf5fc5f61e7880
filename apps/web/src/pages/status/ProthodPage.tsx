export default function ProthodPage() {
  return <div>ProthodPage</div>;
}
