import { describe, expect, it } from "vitest";
import { addressKind, allowListCoversAddress, allowListNamesHost, parseAddress, parseDestinationAllowList, type AddressKind } from "./network-address";

describe("addressKind", () => {
  const cases: [string, AddressKind][] = [
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fd12:3456::1", "private"],
    ["fc00::1", "private"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["2606:4700:4700::1111", "public"],
    // IPv6 forms that carry an IPv4 address are judged by it.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a00:1", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::a9fe:a9fe", "link-local"],
    ["2002:7f00:1::", "loopback"],
    ["2002:0808:0808::", "public"],
    ["[::1]", "loopback"],
  ];
  it.each(cases)("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it("refuses what is not an address", () => {
    expect(() => addressKind("localhost")).toThrow(RangeError);
    expect(() => addressKind("256.1.1.1")).toThrow(RangeError);
    expect(() => addressKind("01.2.3.4")).toThrow(RangeError);
    expect(parseAddress("1:2:3:4:5:6:7:8:9")).toBeNull();
  });
});

describe("parseDestinationAllowList", () => {
  it("reads addresses, CIDR ranges and host names, any spacing and case", () => {
    const list = parseDestinationAllowList(" 127.0.0.1, 10.0.0.0/8 ,fd00::/8, Signer.Internal,");
    expect(allowListCoversAddress(list, "127.0.0.1")).toBe(true);
    expect(allowListCoversAddress(list, "127.0.0.2")).toBe(false);
    expect(allowListCoversAddress(list, "10.200.3.4")).toBe(true);
    expect(allowListCoversAddress(list, "11.0.0.1")).toBe(false);
    expect(allowListCoversAddress(list, "fd12::1")).toBe(true);
    expect(allowListCoversAddress(list, "::ffff:10.0.0.1")).toBe(true);
    expect(allowListNamesHost(list, "signer.internal")).toBe(true);
    expect(allowListNamesHost(list, "SIGNER.INTERNAL")).toBe(true);
    expect(allowListNamesHost(list, "other.internal")).toBe(false);
  });

  it("clears host bits below the prefix, as routers read such a range", () => {
    expect(allowListCoversAddress(parseDestinationAllowList("10.1.2.3/8"), "10.9.9.9")).toBe(true);
  });

  it("is empty for an empty setting", () => {
    const list = parseDestinationAllowList("");
    expect(list.hosts.size).toBe(0);
    expect(list.ranges).toEqual([]);
  });

  it.each([
    ["10.0.0.0/33", /at most 32/],
    ["::1/129", /at most 128/],
    ["10.0.0.0/x", /prefix length must be a number/],
    ["300.1.1.1/8", /neither a host name/],
    ["300.1.1.1", /neither a host name/],
    ["http://signer", /neither a host name/],
    ["signer_1", /neither a host name/],
  ])("refuses %s, naming it", (setting, message) => {
    expect(() => parseDestinationAllowList(setting)).toThrow(message);
  });
});
