import type { Ref } from 'preact';
import { SendIcon } from './icons';

type ComposerProps = {
  inputRef: Ref<HTMLTextAreaElement>;
  /** The draft lives above the window, so closing and opening it keeps what was typed. */
  text: string;
  setText: (text: string) => void;
  chatbotName: string;
  canSend: boolean;
  onSend: (text: string) => void;
};

const MAX = 2000;

/** The message box: Enter sends, Shift+Enter breaks the line; nothing is sent empty or twice at once. */
export function Composer({ inputRef, text, setText, chatbotName, canSend, onSend }: ComposerProps) {
  const isEmpty = text.trim().length === 0;

  const submit = (input: HTMLTextAreaElement | null) => {
    if (isEmpty || !canSend) return;
    onSend(text.trim());
    setText('');
    if (input) input.style.height = '';
  };

  const grow = (el: HTMLTextAreaElement) => {
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight + 2, 120)}px`;
  };

  return (
    <form
      class="lw-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit(e.currentTarget.querySelector('textarea'));
      }}
    >
      <label class="lw-sr" for="lw-input">
        Message {chatbotName}
      </label>
      <textarea
        id="lw-input"
        ref={inputRef}
        class="lw-input"
        rows={1}
        maxLength={MAX}
        placeholder="Type your message…"
        autoComplete="off"
        value={text}
        onInput={(e) => {
          setText(e.currentTarget.value);
          grow(e.currentTarget);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit(e.currentTarget);
          }
        }}
      />
      <button type="submit" class="lw-send" aria-label="Send message" disabled={isEmpty || !canSend}>
        <SendIcon />
      </button>
    </form>
  );
}
