export default function TaskListPage() {
  return <div>TaskListPage</div>;
}
