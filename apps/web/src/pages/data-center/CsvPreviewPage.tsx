export default function CsvPreviewPage() {
  return <div>CsvPreviewPage</div>;
}
