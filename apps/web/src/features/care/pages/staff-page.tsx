/** Staff (issue 12): being built. */
export default function StaffPage() {
  return <h1>Staff</h1>;
}
