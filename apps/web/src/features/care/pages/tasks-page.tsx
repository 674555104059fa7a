/** Tasks (issue 12): being built. */
export default function TasksPage() {
  return <h1>Tasks</h1>;
}
