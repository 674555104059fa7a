import { SidePanel } from '../../../components/ui/side-panel';
import { LAB_INSTRUCTION_STEPS } from '../lib/lab-instructions';

/** View Instructions (002 §2.5): the seven steps of a lab visit in a labelled side panel. */
export function InstructionsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SidePanel open={open} onClose={onClose} title="Lab Instructions" closeLabel="Close instructions">
      <ol className="lab-instructions-steps" aria-label="Steps of your lab visit">
        {LAB_INSTRUCTION_STEPS.map((step, i) => (
          <li key={step.title} className="lab-instructions-steps__item">
            <span className="lab-instructions-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3 className="lab-instructions-steps__title">{step.title}</h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </SidePanel>
  );
}
