import { useId } from 'react';
import { TextArea } from '../../../components/ui/text-area';

/** A required choice of reason; 'Other' asks for a description (001 §4 "Modal flows"). */
export function ReasonPicker({
  legend,
  reasons,
  choice,
  description,
  onChoice,
  onDescription,
}: {
  legend: string;
  reasons: readonly { id: string; label: string }[];
  choice: string | null;
  description: string;
  onChoice: (id: string) => void;
  onDescription: (text: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="sub-reasons">
      <legend className="sub-reasons__legend">{legend}</legend>
      {reasons.map((r) => (
        <label key={r.id} className="sub-reasons__option">
          <input
            type="radio"
            name={name}
            value={r.id}
            checked={choice === r.id}
            onChange={() => onChoice(r.id)}
          />
          <span>{r.label}</span>
        </label>
      ))}
      {choice === 'other' ? (
        <TextArea
          label="Description"
          placeholder="Please describe"
          value={description}
          maxLength={1000}
          onChange={(e) => onDescription(e.target.value)}
        />
      ) : null}
    </fieldset>
  );
}
