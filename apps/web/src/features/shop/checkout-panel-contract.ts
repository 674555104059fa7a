/**
 * What the shop and its direct checkout panel agree on. The panel is the default export of
 * `./checkout-panel/checkout-panel.tsx`; the shop opens it for the template in `?checkout={templateId}`
 * and loads it lazily, so its code is fetched only when a Purchase button is pressed.
 */
export type CheckoutPurchaseResult = { kind: 'lab'; orderId: string } | { kind: 'other' };

export type CheckoutPanelProps = {
  templateId: string;
  /** Closes the panel without a purchase (the shop clears `?checkout`). */
  onClose: () => void;
  /**
   * After a purchase. A lab purchase navigates on its own (to /labs or /lab-instructions/{orderId}), the shop
   * only closes the panel; any other purchase makes the shop show its success modal.
   */
  onPurchased: (result: CheckoutPurchaseResult) => void;
};

/** The query parameter that holds the template whose checkout panel is open. */
export const CHECKOUT_PARAM = 'checkout';
