// How an escrow operation ends badly. A refusal is the customer's answer (it completes the operation
// with an error Code and Message); a concurrent update is ours to retry; anything else is a fault
// that leaves the operation pending for the worker to try again.
export class OperationRefusal extends Error {
  override name = "OperationRefusal";
}

export class ConcurrentUpdate extends Error {
  override name = "ConcurrentUpdate";
}
