/** The staff screens' form-level error. */
export function FormError({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <div className="alert alert-danger py-2" role="alert">
      {error.message}
    </div>
  );
}
