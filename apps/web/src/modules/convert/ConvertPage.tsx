export default function ConvertPage() {
  return <div>ConvertPage</div>;
}
