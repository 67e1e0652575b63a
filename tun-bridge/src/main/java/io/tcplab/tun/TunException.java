package io.tcplab.tun;

/**
 * Everything that can go wrong setting up or using a TUN device, a network namespace or the
 * real-time driver. The message is one line that starts with {@code tcplab:} and names the cause,
 * e.g. {@code tcplab: cannot open /dev/net/tun: Permission denied (need root or CAP_NET_ADMIN)}.
 */
public final class TunException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int errno;

    public TunException(String message) {
        this(message, 0, null);
    }

    public TunException(String message, Throwable cause) {
        this(message, 0, cause);
    }

    TunException(String message, int errno, Throwable cause) {
        super(message, cause);
        this.errno = errno;
    }

    /** The errno behind it, or 0 when it did not come from a system call. */
    public int errno() {
        return errno;
    }

    /**
     * "tcplab: {action}: {strerror} ({hint})" for a failed system call; the hint says what usually
     * fixes that errno for this action.
     */
    static TunException fromErrno(String action, int errno) {
        String hint = hint(action, errno);
        return new TunException("tcplab: " + action + ": " + Native.strerror(errno)
                + (hint == null ? "" : " (" + hint + ")"), errno, null);
    }

    static String hint(String action, int errno) {
        switch (errno) {
            case Native.EPERM:
            case Native.EACCES:
                return "need root or CAP_NET_ADMIN";
            case Native.ENOENT:
            case Native.ENODEV:
                return action.contains("/dev/net/tun") ? "no TUN support here; load it with modprobe tun" : null;
            case Native.EBUSY:
                return "the name is in use by another TUN device";
            default:
                return null;
        }
    }
}
