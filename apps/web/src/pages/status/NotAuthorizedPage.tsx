export default function NotAuthorizedPage() {
  return <div>NotAuthorizedPage</div>;
}
