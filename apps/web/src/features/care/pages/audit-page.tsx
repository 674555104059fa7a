/** Audit trail (issue 12): being built. */
export default function AuditPage() {
  return <h1>Audit trail</h1>;
}
