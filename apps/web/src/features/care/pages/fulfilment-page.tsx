/** Fulfilment (issue 12): being built. */
export default function FulfilmentPage() {
  return <h1>Fulfilment</h1>;
}
