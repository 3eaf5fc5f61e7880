export default function DocumentPage() {
  return <div>DocumentPage</div>;
}
