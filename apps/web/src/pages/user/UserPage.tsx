export default function UserPage() {
  return <div>UserPage</div>;
}
