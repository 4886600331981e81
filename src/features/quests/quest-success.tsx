// The congratulation panel a modal quest shows before it completes.
export function QuestSuccess({ title, text }: { title: string; text: string }) {
  return (
    <div className="quest-success" role="status">
      <p className="quest-success-icon" aria-hidden="true">
        {'\ud83c\udf89'}
      </p>
      <p className="quest-success-title">
        <strong>{title}</strong>
      </p>
      <p>{text}</p>
    </div>
  );
}
