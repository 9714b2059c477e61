import { TutorAvatar } from './tutor-avatar.tsx';

/** Three dots while the tutor's reply is on its way. */
export function TypingIndicator() {
  return (
    <div className="tutor-message tutor-message-left">
      <TutorAvatar />
      <div className="tutor-bubble tutor-typing" role="status">
        <span className="visually-hidden">The tutor is typing…</span>
        <span aria-hidden="true" />
        <span aria-hidden="true" />
        <span aria-hidden="true" />
      </div>
    </div>
  );
}
