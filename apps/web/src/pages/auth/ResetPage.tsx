export default function ResetPage() {
  return <div>ResetPage</div>;
}
