export default function ForgetPage() {
  return <div>ForgetPage</div>;
}
