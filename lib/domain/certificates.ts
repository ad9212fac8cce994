// Rules about certificates that trading relies on too (issue 5 checks a buyer's KYC/AML and
// accreditation): when a certificate counts as expired.

/** A certificate is expired from its expirationDate on (that second included). */
export function isCertificateExpired(expirationDate: number, nowSeconds: number): boolean {
  return expirationDate <= nowSeconds;
}
