"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";

import { UserAccessPanel } from "@/components/admin/user-access-panel";
import { ShownOnce } from "@/components/ui/copy-button";
import { FormField, fieldErrorProps } from "@/components/ui/form-field";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, fieldClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { formatUtc } from "@/components/owner/intent-table";
import { apiCall, ApiError, errorMessage } from "@/lib/client/api-client";
import { useAdminOrganizations, useAdminUsers } from "@/lib/client/admin-queries";
import { createUserRequestSchema, createUserResponseSchema, ROLES, type CreateUserRequest, type Role } from "@/lib/schemas/user";

const ROLE_LABEL: Record<Role, string> = {
  investor: "Investor",
  issuer: "Issuer",
  admin: "Admin",
  escrowOperator: "Escrow operator",
  organization: "Organization (program)",
};

type Field = "email" | "name" | "role" | "password" | "organizationId" | "form";
const fieldOf = (path: string): Field => {
  const p = path.replace(/^body\./, "").split(".")[0] ?? "";
  return (["email", "name", "role", "password", "organizationId"] as const).find((f) => f === p) ?? "form";
};

/** Users, a page at a time, and a form to create one; the new user's token is shown once; one user's access at a time. */
export function UsersAdmin() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [managed, setManaged] = useState<string | null>(null);
  // The button that opened the access panel gets the focus back when the panel closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  const cursor = cursors[cursors.length - 1] ?? null;
  const users = useAdminUsers(cursor);
  return (
    <div className="space-y-8">
      <section aria-labelledby="create-user-heading" className={cardClass}>
        <h2 id="create-user-heading" className="text-lg font-medium">Create a user</h2>
        <CreateUserForm />
      </section>
      <section aria-labelledby="users-heading" className={cardClass}>
        <h2 id="users-heading" className="text-lg font-medium">Users</h2>
        {users.isPending ? <p role="status" className={`mt-3 ${mutedTextClass}`}>Loading users…</p> : null}
        {users.isError ? <StatusMessage tone="error">The users could not be loaded: {errorMessage(users.error)}</StatusMessage> : null}
        {users.data && users.data.users.length === 0 ? <p className={`mt-3 ${mutedTextClass}`}>No users.</p> : null}
        {users.data && users.data.users.length > 0 ? (
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm" aria-busy={users.isFetching}>
              <caption className="sr-only">Users, oldest first</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-4 font-medium">Email</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Role</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Organization</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Created</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                  <th scope="col" className="py-2 font-medium"><span className="sr-only">Access</span></th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((u) => (
                  <tr key={u.id} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
                    <th scope="row" className="break-all py-2 pr-4 font-normal">{u.email}</th>
                    <td className="py-2 pr-4">{u.name}</td>
                    <td className="py-2 pr-4">{ROLE_LABEL[u.role]}</td>
                    <td className="py-2 pr-4">{u.organizationId ?? "—"}</td>
                    <td className="py-2 pr-4 text-xs">{formatUtc(u.createdAt)}</td>
                    <td className="py-2 pr-4">{u.disabled ? "Disabled" : "Active"}</td>
                    <td className="py-2">
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        aria-label={`Access of ${u.email}`}
                        aria-expanded={managed === u.id}
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setManaged(u.id);
                        }}
                      >
                        Access
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {managed ? (
          <UserAccessPanel
            userId={managed}
            onClose={() => {
              setManaged(null);
              opener.current?.focus();
            }}
          />
        ) : null}
        <nav aria-label="Pages of users" className="mt-3 flex gap-2">
          <button type="button" className={secondaryButtonClass} disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous page
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!users.data?.nextCursor}
            onClick={() => setCursors((c) => (users.data?.nextCursor ? [...c, users.data.nextCursor] : c))}
          >
            Next page
          </button>
        </nav>
      </section>
    </div>
  );
}

function CreateUserForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const organizations = useAdminOrganizations();
  const [role, setRole] = useState<Role>("investor");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useMutation({
    mutationFn: (body: CreateUserRequest) => apiCall("/api/router/admin/users", createUserResponseSchema, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "users"] }),
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [fieldOf(e.path), e.message])));
    },
  });
  const belongs = role === "organization" || role === "escrowOperator";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const body = {
      email: text("email"),
      name: text("name"),
      role,
      ...(text("password") === "" ? {} : { password: String(data.get("password")) }),
      ...(belongs && text("organizationId") !== "" ? { organizationId: text("organizationId") } : {}),
    };
    const parsed = createUserRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[fieldOf(issue.path.join("."))] ??= issue.message;
      setErrors(next);
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: () => form.reset() });
  }

  const f = (name: string) => `${id}-${name}`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a user" className="mt-3 grid gap-4 sm:grid-cols-2">
      <FormField id={f("email")} label="Email" error={errors.email}>
        <input id={f("email")} name="email" type="email" autoComplete="off" required className={fieldClass} {...fieldErrorProps(f("email"), errors.email)} />
      </FormField>
      <FormField id={f("name")} label="Name" error={errors.name}>
        <input id={f("name")} name="name" required maxLength={200} className={fieldClass} {...fieldErrorProps(f("name"), errors.name)} />
      </FormField>
      <FormField id={f("role")} label="Role" error={errors.role}>
        <select id={f("role")} name="role" className={fieldClass} value={role} onChange={(e) => setRole(ROLES.find((r) => r === e.currentTarget.value) ?? "investor")}>
          {ROLES.map((r) => (
            <option key={r} value={r}>{ROLE_LABEL[r]}</option>
          ))}
        </select>
      </FormField>
      <FormField id={f("password")} label="Password (optional)" hint="Only for signing in to the portal; programs use the token." error={errors.password}>
        <input id={f("password")} name="password" type="password" autoComplete="new-password" className={fieldClass} {...fieldErrorProps(f("password"), errors.password, true)} />
      </FormField>
      {belongs ? (
        <FormField id={f("org")} label="Organization" hint={role === "escrowOperator" ? "Left empty: the built-in escrow organization." : undefined} error={errors.organizationId}>
          <select id={f("org")} name="organizationId" className={fieldClass} defaultValue="" {...fieldErrorProps(f("org"), errors.organizationId, role === "escrowOperator")}>
            <option value="">{role === "escrowOperator" ? "Built-in escrow (default)" : "Choose an organization"}</option>
            {(organizations.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.name} ({o.id})</option>
            ))}
          </select>
        </FormField>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create user"}
        </button>
        {errors.form ? <StatusMessage tone="error">{errors.form}</StatusMessage> : null}
        {create.isError ? <StatusMessage tone="error">The user was not created: {errorMessage(create.error)}</StatusMessage> : null}
        {create.isSuccess ? (
          <ShownOnce message={`User ${create.data.id} is created. Its bearer token is shown only now: copy it.`} value={create.data.token} label="Bearer token" />
        ) : null}
      </div>
    </form>
  );
}
