package io.tcplab.tun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tcplab.tun.testing.Requires;
import java.util.concurrent.atomic.AtomicReference;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import org.junit.jupiter.api.Test;

/** Every way opening or configuring a TUN device fails gives one line naming the cause, and leaves nothing behind. */
class TunDeviceErrorsTest {

    @Test
    void badDeviceNamesAreRejectedBeforeAnythingIsCreated() {
        assertThatThrownBy(() -> TunDevice.builder().name("this-is-too-long0").open())
                .isInstanceOf(TunException.class)
                .hasMessage("tcplab: bad TUN device name 'this-is-too-long0': longer than 15 bytes");
        assertThatThrownBy(() -> TunDevice.builder().name("a/b").open())
                .hasMessage("tcplab: bad TUN device name 'a/b': it contains '/'");
        assertThatThrownBy(() -> TunDevice.builder().name("a b").open())
                .hasMessage("tcplab: bad TUN device name 'a b': it contains 'whitespace'");
        assertThatThrownBy(() -> TunDevice.builder().name("").open())
                .hasMessage("tcplab: bad TUN device name '': it is empty");
        assertThatThrownBy(() -> TunDevice.builder().name("..").open())
                .hasMessage("tcplab: bad TUN device name '..': '.' and '..' are not allowed");
    }

    @Test
    void badAddressesAreRejectedWithTheFault() {
        assertThatThrownBy(() -> TunDevice.builder().address("10.77.0.300/24"))
                .isInstanceOf(TunException.class)
                .hasMessage("tcplab: bad address '10.77.0.300/24': octet 300 is out of range 0 to 255");
        assertThatThrownBy(() -> TunDevice.builder().address("10.77.0.1"))
                .hasMessage("tcplab: bad address '10.77.0.1': no prefix length (write it as address/length, e.g. 10.77.0.1/24)");
        assertThatThrownBy(() -> TunDevice.builder().address("10.77.0.1/33"))
                .hasMessage("tcplab: bad address '10.77.0.1/33': prefix length 33 is outside 1 to 32");
        assertThatThrownBy(() -> TunDevice.builder().address("example.com/24"))
                .hasMessage("tcplab: bad address 'example.com/24': 'example.com' is not a dotted IPv4 address a.b.c.d");
        assertThatThrownBy(() -> TunDevice.builder().route("fd00::zz/64"))
                .hasMessage("tcplab: bad address 'fd00::zz/64': 'fd00::zz' is not an IPv6 literal");
        assertThat(InterfaceAddress.parse("fd00:77::1/64").toString()).isEqualTo("fd00:77:0:0:0:0:0:1/64");
    }

    @Test
    void errnoMessagesNameTheCauseAndTheFix() {
        assertThat(TunException.fromErrno("cannot open /dev/net/tun", Native.EACCES).getMessage())
                .isEqualTo("tcplab: cannot open /dev/net/tun: Permission denied (need root or CAP_NET_ADMIN)");
        assertThat(TunException.fromErrno("cannot open /dev/net/tun", Native.ENOENT).getMessage())
                .isEqualTo("tcplab: cannot open /dev/net/tun: No such file or directory"
                        + " (no TUN support here; load it with modprobe tun)");
        assertThat(TunException.fromErrno("cannot create TUN device tl0", Native.EPERM).getMessage())
                .isEqualTo("tcplab: cannot create TUN device tl0: Operation not permitted (need root or CAP_NET_ADMIN)");
        assertThat(TunException.fromErrno("cannot create TUN device tl0", Native.EPERM).errno()).isEqualTo(Native.EPERM);
    }

    @Test
    void withoutCapNetAdminTheMessageSaysSo() {
        if (Native.isRoot()) {
            // drop every capability on one thread (capabilities are per thread) and try there
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    dropAllCapabilitiesOfThisThread();
                    TunDevice.builder().name("tlnocap").open().close();
                } catch (Throwable e) {
                    thrown.set(e);
                }
            });
            t.start();
            join(t);
            assertThat(thrown.get()).isInstanceOf(TunException.class)
                    .hasMessage("tcplab: cannot create TUN device tlnocap: Operation not permitted"
                            + " (need root or CAP_NET_ADMIN)");
        } else {
            assertThatThrownBy(() -> TunDevice.builder().name("tlnocap").open())
                    .isInstanceOf(TunException.class)
                    .hasMessageEndingWith("(need root or CAP_NET_ADMIN)");
        }
    }

    @Test
    void aNameInUseIsNamed() {
        Requires.testHosts();
        try (NamespaceHosts hosts = NamespaceHosts.create()) {
            NamespaceHosts.Host h = hosts.addHost("e");
            assertThatThrownBy(() -> h.tun().name("lo").open())
                    .isInstanceOf(TunException.class)
                    .hasMessage("tcplab: cannot create TUN device lo in network namespace " + h.name()
                            + ": the name lo is in use by another device");
            try (TunDevice first = h.tun().name("tl0").open()) {
                assertThat(first.name()).isEqualTo("tl0");
                assertThatThrownBy(() -> h.tun().name("tl0").open())
                        .hasMessage("tcplab: cannot create TUN device tl0 in network namespace " + h.name()
                                + ": the name tl0 is in use by another TUN device");
            }
        }
    }

    @Test
    void aFailedConfigurationLeavesNoDeviceBehind() {
        Requires.testHosts();
        try (NamespaceHosts hosts = NamespaceHosts.create()) {
            NamespaceHosts.Host h = hosts.addHost("e");
            assertThatThrownBy(() -> h.tun().name("tl1").address("10.77.0.1/24").address("10.77.0.1/24").open())
                    .isInstanceOf(TunException.class)
                    .hasMessageStartingWith("tcplab: cannot add address 10.77.0.1/24 to tl1 in network namespace "
                            + h.name() + ": ")
                    .hasMessageNotContaining("\n");
            assertThat(h.exec("ip", "link", "show", "dev", "tl1").ok()).as("tl1 is gone").isFalse();

            assertThatThrownBy(() -> h.tun().name("tl2").mtu(70000).open())
                    .hasMessage("tcplab: bad MTU 70000 for tl2 in network namespace " + h.name() + ": must be 68 to 65535");
            assertThat(h.exec("ip", "link", "show", "dev", "tl2").ok()).as("tl2 is gone").isFalse();
        }
    }

    @Test
    void aMissingNamespaceIsNamed() {
        Requires.testHosts();
        assertThatThrownBy(() -> TunDevice.builder().namespace("tcplab-no-such-ns").open())
                .isInstanceOf(TunException.class)
                .hasMessage("tcplab: no network namespace named tcplab-no-such-ns (see ip netns list)");
    }

    /** capset(2) with empty sets for the calling thread only. */
    public interface CapLib {
        int capset(Pointer header, Pointer data);
    }

    private static void dropAllCapabilitiesOfThisThread() {
        CapLib lib = LibraryLoader.create(CapLib.class).load("c");
        jnr.ffi.Runtime rt = jnr.ffi.Runtime.getRuntime(lib);
        Pointer header = Memory.allocateDirect(rt, 8, true);
        header.putInt(0, 0x20080522); // _LINUX_CAPABILITY_VERSION_3
        header.putInt(4, 0); // this thread
        Pointer data = Memory.allocateDirect(rt, 24, true); // two empty {effective, permitted, inheritable}
        if (lib.capset(header, data) != 0) {
            throw new IllegalStateException("capset failed: errno " + rt.getLastError());
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
