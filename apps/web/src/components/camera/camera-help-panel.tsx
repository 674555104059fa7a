import type { CameraProblem } from '../../lib/camera';
import { Button } from '../ui/button';
import { SidePanel } from '../ui/side-panel';
import './camera-help.css';

const BROWSERS: { name: string; steps: string[] }[] = [
  {
    name: 'Chrome',
    steps: [
      'Click the camera icon or the settings icon at the left of the address bar.',
      'Next to Camera, choose Allow.',
      'Reload the page and try again.',
    ],
  },
  {
    name: 'Firefox',
    steps: [
      'Click the crossed-out camera icon at the left of the address bar.',
      'Remove the Blocked Temporarily or Blocked setting next to Use the Camera.',
      'Reload the page and choose Allow when Firefox asks.',
    ],
  },
  {
    name: 'Safari',
    steps: [
      'On a Mac, open Safari > Settings for This Website and set Camera to Allow.',
      'On an iPhone or iPad, tap aA in the address bar, then Website Settings, and set Camera to Allow.',
      'Reload the page and try again.',
    ],
  },
];

/** Help when the camera cannot be used (000 §8 Camera denied): how to allow it in each browser, or upload instead. */
export function CameraHelpPanel({
  open,
  problem,
  onClose,
  onUpload,
}: {
  open: boolean;
  problem: CameraProblem;
  onClose: () => void;
  onUpload: () => void;
}) {
  return (
    <SidePanel open={open} onClose={onClose} title="Allow camera access">
      <p className="identity-help__lead">
        {problem === 'denied'
          ? 'Your browser is blocking the camera. Allow it for this site, or upload a photo you already have.'
          : 'We could not find a camera we can use. You can upload a photo instead, or allow the camera in your browser settings.'}
      </p>
      {BROWSERS.map((browser) => (
        <section key={browser.name} className="identity-help__browser" aria-label={browser.name}>
          <h3 className="identity-help__name">{browser.name}</h3>
          <ol className="identity-help__steps">
            {browser.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ))}
      <Button block onClick={onUpload}>
        Upload Image
      </Button>
    </SidePanel>
  );
}
