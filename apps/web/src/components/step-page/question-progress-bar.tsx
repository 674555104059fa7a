export interface QuestionProgressBarProps {
  /** Accessible name of the bar. */
  label: string;
  /** One-based number of the question shown. */
  current: number;
  total: number;
  /** Progress as a fraction 0..1; (current / total) when left out. */
  progress?: number;
}

/** A progress bar for a question flow: aria-valuenow is the whole percent, the text says "Question n of total". */
export function QuestionProgressBar({ label, current, total, progress }: QuestionProgressBarProps) {
  const fraction = progress ?? (total > 0 ? current / total : 0);
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const text = `Question ${current} of ${total}`;
  return (
    <div className="question-progress">
      <div
        className="question-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="question-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="question-progress__text" aria-hidden="true">
        {text}
      </p>
    </div>
  );
}
