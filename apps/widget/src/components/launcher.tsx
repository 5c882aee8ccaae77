import type { Ref } from 'preact';
import { ChatIcon, CloseIcon } from './icons';

type LauncherProps = {
  isOpen: boolean;
  chatbotName: string;
  onToggle: () => void;
  buttonRef: Ref<HTMLButtonElement>;
};

/** The round button in the page's corner that opens and closes the chat window. */
export function Launcher({ isOpen, chatbotName, onToggle, buttonRef }: LauncherProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      class="lw-launcher"
      aria-label={isOpen ? `Close chat with ${chatbotName}` : `Chat with ${chatbotName}`}
      aria-expanded={isOpen ? 'true' : 'false'}
      aria-controls={isOpen ? 'lw-window' : undefined}
      onClick={onToggle}
    >
      {isOpen ? <CloseIcon /> : <ChatIcon />}
    </button>
  );
}
