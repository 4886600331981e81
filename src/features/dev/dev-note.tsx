// The banner both development pages open with (DECISIONS.md: they say plainly what they are).
export function DevNote() {
  return (
    <div className="banner banner-info dev-note" role="note">
      <p>
        <strong>For development only.</strong> This page changes quest data stored in this browser for your
        own account; it is not part of the game.
      </p>
    </div>
  );
}
