import { useState } from 'react';
import { DialogShell } from '#src/components/ui/dialog.tsx';

/** The parent dashboard's "Parent resources": short tips on helping a child learn. */
export function ParentResourcesDialog() {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      trigger={
        <button type="button" className="button button-secondary">
          Parent resources
        </button>
      }
      title="Parent resources"
      description="Small habits that help children learn."
      open={open}
      onOpenChange={setOpen}
    >
      <ul className="plain-list">
        <li>Ten minutes a day beats an hour once a week: a short quiz most days builds a streak.</li>
        <li>Ask your child to explain one question they got wrong: explaining is learning twice.</li>
        <li>Praise effort and progress (the mastery bars), not only scores.</li>
        <li>Use the tutor together when a topic is new: ask it for a hint, not the answer.</li>
      </ul>
    </DialogShell>
  );
}
