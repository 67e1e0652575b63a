package io.tcplab.tools.analyze;

/** How an address and port are written: {@code 10.0.0.1:5001}, {@code [fd00::1]:5001}. */
final class Endpoints {
    private Endpoints() {
    }

    static String text(String address, int port) {
        return (address.indexOf(':') >= 0 ? "[" + address + "]" : address) + ":" + port;
    }
}
