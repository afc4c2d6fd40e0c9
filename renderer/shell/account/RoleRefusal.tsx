/** The sentence beside an action the person's role may not take (useRoleRefusal), tied to the disabled control by `id`. */
export function RoleRefusal({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="muted small role-refusal" data-testid="role-refusal">
      {text}
    </p>
  );
}
