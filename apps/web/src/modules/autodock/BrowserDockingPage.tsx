import { DockingForm } from './DockingPage.tsx';

/** /calculate/molecules: pockets detected in the browser (Web Worker), docking through `/api/autodock/v2`. */
export default function BrowserDockingPage() {
  return <DockingForm variant="browser" />;
}
