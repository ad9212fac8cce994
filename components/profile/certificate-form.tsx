"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";

import { ProblemMessage } from "@/components/ui/problem-message";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { ApiError, apiCall } from "@/lib/client/api-client";
import { certificateFieldOfPath, certificateSummary, toCertificateRequest, type InfoLine } from "@/lib/client/certificate-form";
import { refusalReason } from "@/lib/client/problem-words";
import { queryKeys } from "@/lib/client/queries";
import { CERTIFICATE_INFO_MAX_ITEMS, CERTIFICATE_TYPES, createCertificateResponseSchema, type Certificate, type CertificateType } from "@/lib/schemas/certificate";

const TYPE_LABEL: Record<CertificateType, string> = { ownerInfo: "Owner information", "KYC/AML": "KYC/AML", Accreditation: "Accreditation" };

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      {children}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">{label} {error}</p> : null}
    </div>
  );
}

const EMPTY_INFO: InfoLine[] = [{ name: "", value: "" }];

/**
 * Attaches a certificate; the fields shown follow the type, and `data` is built from them. Each
 * attempt replaces the messages of the one before; once added, the form says what was added and
 * empties itself, so the same certificate is not sent twice by accident.
 */
export function CertificateForm({ profileId }: { profileId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [type, setType] = useState<CertificateType>("KYC/AML");
  const [info, setInfo] = useState<InfoLine[]>(EMPTY_INFO);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const attach = useMutation({
    mutationFn: (certificate: Certificate) =>
      apiCall(`/api/router/finapi/profiles/${encodeURIComponent(profileId)}/certificates`, createCertificateResponseSchema, { method: "POST", body: certificate }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.certificates(profileId) }),
    // The server checks with the same schema; what it names anyway goes beside its field.
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [certificateFieldOfPath(e.path), e.message])));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    attach.reset();
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const result = toCertificateRequest({
      type,
      issuanceDate: text("issuanceDate"),
      expirationDate: text("expirationDate"),
      name: text("name"),
      email: text("email"),
      ownerType: text("ownerType"),
      country: text("country"),
      info,
    });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    attach.mutate(result.certificate, {
      onSuccess: () => {
        form.reset();
        setType("KYC/AML");
        setInfo(EMPTY_INFO);
      },
    });
  }

  const f = (name: string) => `${id}-${name}`;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${f(name)}-error` } : {});
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3" aria-label="Add a certificate">
      <Field id={f("type")} label="Certificate type">
        <select id={f("type")} className={fieldClass} value={type} onChange={(e) => setType(CERTIFICATE_TYPES.find((t) => t === e.currentTarget.value) ?? "KYC/AML")}>
          {CERTIFICATE_TYPES.map((t) => (
            <option key={t} value={t}>{TYPE_LABEL[t]}</option>
          ))}
        </select>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={f("issuanceDate")} label="Issued on" error={errors.issuanceDate}>
          <input id={f("issuanceDate")} name="issuanceDate" type="date" required className={fieldClass} {...described("issuanceDate")} />
        </Field>
        <Field id={f("expirationDate")} label="Expires on" error={errors.expirationDate}>
          <input id={f("expirationDate")} name="expirationDate" type="date" required className={fieldClass} {...described("expirationDate")} />
        </Field>
        <Field id={f("name")} label="Full name" error={errors.name}>
          <input id={f("name")} name="name" autoComplete="name" required maxLength={200} className={fieldClass} {...described("name")} />
        </Field>
        {type === "ownerInfo" ? (
          <>
            <Field id={f("email")} label="Email" error={errors.email}>
              <input id={f("email")} name="email" type="email" autoComplete="email" required maxLength={254} className={fieldClass} {...described("email")} />
            </Field>
            <Field id={f("ownerType")} label="Owner is" error={errors.ownerType}>
              <select id={f("ownerType")} name="ownerType" className={fieldClass} defaultValue="individual">
                <option value="individual">An individual</option>
                <option value="company">A company</option>
              </select>
            </Field>
          </>
        ) : (
          <Field id={f("country")} label="Country (two letters, such as DE)" error={errors.country}>
            <input id={f("country")} name="country" required maxLength={2} autoComplete="country" className={fieldClass} {...described("country")} />
          </Field>
        )}
      </div>
      {type === "ownerInfo" ? null : (
        <fieldset className="space-y-2">
          <legend className={labelClass}>Further information</legend>
          {info.map((line, i) => (
            <div key={i} className="grid gap-2 sm:grid-cols-2">
              <Field id={f(`info-${i}-name`)} label={`Item ${i + 1} name`} error={errors[`info.${i}.name`]}>
                <input id={f(`info-${i}-name`)} value={line.name} maxLength={200} className={fieldClass}
                  onChange={(e) => { const name = e.currentTarget.value; setInfo((all) => all.map((l, j) => (j === i ? { ...l, name } : l))); }} />
              </Field>
              <Field id={f(`info-${i}-value`)} label={`Item ${i + 1} value`} error={errors[`info.${i}.value`]}>
                <input id={f(`info-${i}-value`)} value={line.value} maxLength={1000} className={fieldClass}
                  onChange={(e) => { const value = e.currentTarget.value; setInfo((all) => all.map((l, j) => (j === i ? { ...l, value } : l))); }} />
              </Field>
            </div>
          ))}
          <button type="button" className={secondaryButtonClass} disabled={info.length >= CERTIFICATE_INFO_MAX_ITEMS} onClick={() => setInfo((all) => [...all, { name: "", value: "" }])}>
            Add an item
          </button>
        </fieldset>
      )}
      <button type="submit" className={primaryButtonClass} disabled={attach.isPending}>
        {attach.isPending ? "Adding…" : "Add certificate"}
      </button>
      {Object.keys(errors).length > 0 && !attach.isError ? <StatusMessage tone="error">Some fields need attention: see the messages beside them.</StatusMessage> : null}
      {attach.isError ? <ProblemMessage summary={`The certificate was not added: ${refusalReason(attach.error)}`} error={attach.error} /> : null}
      {attach.isSuccess ? (
        <StatusMessage tone="success">Certificate added. {certificateSummary(attach.variables)}. The form is empty again for another one.</StatusMessage>
      ) : null}
    </form>
  );
}
