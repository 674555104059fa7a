import { SidePanel } from '../../../components/ui/side-panel';

export type CheckoutPanelResult = { kind: 'lab'; orderId: string } | { kind: 'other' };

export interface CheckoutPanelProps {
  templateId: string;
  onClose: () => void;
  /** A lab purchase has already navigated; any other purchase lets the shop show its success modal. */
  onPurchased: (result: CheckoutPanelResult) => void;
}

/** The shop's direct checkout (002 §2.7), lazily loaded while `?checkout={templateId}` is set. */
export default function CheckoutPanel({ onClose }: CheckoutPanelProps) {
  return (
    <SidePanel open onClose={onClose} title="Checkout">
      <p>Loading…</p>
    </SidePanel>
  );
}
