package io.tcplab.tun;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * An interface address with its prefix, {@code 10.77.0.1/24} or {@code fd00:77::1/64}, checked in
 * Java before any {@code ip} command runs so that a typo gets a message naming it. Never resolves
 * names: only numeric literals are accepted.
 */
public record InterfaceAddress(byte[] address, int prefixLength) {

    public InterfaceAddress {
        address = address.clone();
        int max = address.length * 8;
        if (address.length != 4 && address.length != 16) {
            throw new IllegalArgumentException("an address has 4 or 16 bytes, got " + address.length);
        }
        if (prefixLength < 0 || prefixLength > max) {
            throw new IllegalArgumentException("prefix length must be 0 to " + max + ", got " + prefixLength);
        }
    }

    @Override
    public byte[] address() {
        return address.clone();
    }

    /** Parses {@code a.b.c.d/len} or an IPv6 literal with {@code /len}; throws {@link TunException} naming the fault. */
    public static InterfaceAddress parse(String text) {
        String s = text == null ? "" : text.strip();
        int slash = s.indexOf('/');
        if (slash < 0) {
            throw bad(text, "no prefix length (write it as address/length, e.g. 10.77.0.1/24)");
        }
        String addr = s.substring(0, slash);
        String len = s.substring(slash + 1);
        byte[] bytes = addr.indexOf(':') >= 0 ? parseV6(text, addr) : parseV4(text, addr);
        int prefix;
        try {
            prefix = Integer.parseInt(len);
        } catch (NumberFormatException e) {
            throw bad(text, "prefix length '" + len + "' is not a number");
        }
        int max = bytes.length * 8;
        if (prefix < 1 || prefix > max) {
            throw bad(text, "prefix length " + prefix + " is outside 1 to " + max);
        }
        return new InterfaceAddress(bytes, prefix);
    }

    /** Parses a bare address (no prefix) the same strict way. */
    public static byte[] parseAddress(String text) {
        String s = text == null ? "" : text.strip();
        return s.indexOf(':') >= 0 ? parseV6(text, s) : parseV4(text, s);
    }

    private static byte[] parseV4(String text, String addr) {
        String[] parts = addr.split("\\.", -1);
        if (parts.length != 4) {
            throw bad(text, "'" + addr + "' is not a dotted IPv4 address a.b.c.d");
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(Character::isDigit)) {
                throw bad(text, "'" + p + "' is not a number 0 to 255");
            }
            int v = Integer.parseInt(p);
            if (v > 255) {
                throw bad(text, "octet " + v + " is out of range 0 to 255");
            }
            out[i] = (byte) v;
        }
        return out;
    }

    private static byte[] parseV6(String text, String addr) {
        if (!addr.chars().allMatch(c -> c == ':' || c == '.' || Character.digit(c, 16) >= 0)) {
            throw bad(text, "'" + addr + "' is not an IPv6 literal");
        }
        try {
            byte[] b = InetAddress.getByName("[" + addr + "]").getAddress(); // a literal: no lookup
            if (b.length != 16) {
                throw bad(text, "'" + addr + "' is not an IPv6 address");
            }
            return b;
        } catch (UnknownHostException e) {
            throw bad(text, "'" + addr + "' is not an IPv6 literal");
        }
    }

    private static TunException bad(String text, String why) {
        return new TunException("tcplab: bad address '" + text + "': " + why);
    }

    public boolean isIpv4() {
        return address.length == 4;
    }

    /** RFC 1918 (10/8, 172.16/12, 192.168/16) or unique-local IPv6 (fc00::/7): safe to assign in a test namespace. */
    public boolean isPrivate() {
        int a = address[0] & 0xFF;
        int b = address[1] & 0xFF;
        if (isIpv4()) {
            return a == 10 || a == 172 && b >= 16 && b < 32 || a == 192 && b == 168;
        }
        return (a & 0xFE) == 0xFC;
    }

    /** The bare address as text, without the prefix. */
    public String addressText() {
        if (isIpv4()) {
            return (address[0] & 0xFF) + "." + (address[1] & 0xFF) + "." + (address[2] & 0xFF) + "." + (address[3] & 0xFF);
        }
        try {
            return InetAddress.getByAddress(address).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return addressText() + "/" + prefixLength;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InterfaceAddress other && other.prefixLength == prefixLength
                && java.util.Arrays.equals(other.address, address);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(address) * 31 + prefixLength;
    }
}
