/** Said where only an admin may be (the nav offers the page to admins only; a typed address still lands here). */
export function AdminOnly({ title, what }: { title: string; what: string }) {
  return (
    <div className="care-page">
      <h1 className="care-page__title">{title}</h1>
      <div className="care-empty">
        <h2 className="care-empty__title">Only an admin can {what}</h2>
        <p>Ask an admin of your clinic if you need something changed here.</p>
      </div>
    </div>
  );
}
