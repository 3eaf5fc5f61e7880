export default function DataCenterPage() {
  return <div>DataCenterPage</div>;
}
