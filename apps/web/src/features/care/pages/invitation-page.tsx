/** Join the care team (issue 12): being built. */
export default function InvitationPage() {
  return <h1>Join the care team</h1>;
}
