import { PanelNav } from '../components/panel-nav';

/** Placeholder until the screen is built. */
export default function BiomarkerPage() {
  return <PanelNav />;
}
