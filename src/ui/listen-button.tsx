/** A button that speaks English text aloud; the screens show it only where a voice can. */
import { SpeakerIcon } from './icons';

interface ListenButtonProps {
  /** The accessible name, e.g. «Прослушать: anchor». */
  label: string;
  onListen: () => void;
  className?: string;
  /** Shows the label beside the icon (otherwise the icon alone, the label for assistive tech). */
  showLabel?: boolean;
}

export function ListenButton({ label, onListen, className, showLabel = false }: ListenButtonProps) {
  return (
    <button
      type="button"
      className={`btn listen-button${className ? ` ${className}` : ''}`}
      aria-label={showLabel ? undefined : label}
      title={label}
      onClick={onListen}
    >
      <SpeakerIcon width={18} height={18} />
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}
