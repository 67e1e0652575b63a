package io.tcplab.tools.realhost;

import static org.assertj.core.api.Assertions.assertThat;

import io.tcplab.tun.InterfaceAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The address arithmetic of an endpoint: the stack's default address, and whether it needs a route. */
class EndpointTest {

    @ParameterizedTest
    @CsvSource({"10.77.0.1/24, 10.77.0.2", "10.77.0.254/24, 10.77.0.253", "10.0.0.5/8, 10.0.0.6",
            "fd00:77::1/64, fd00:77::2", "10.77.0.0/31, 10.77.0.1"})
    void theStackTakesTheNextAddress(String host, String expected) {
        byte[] next = Endpoint.nextAddress(InterfaceAddress.parse(host));
        assertThat(Endpoint.text(next)).isEqualTo(new InterfaceAddress(InterfaceAddress.parseAddress(expected),
                next.length * 8).addressText());
    }

    @ParameterizedTest
    @CsvSource({"10.77.0.2, 10.77.0.1, 24, true", "10.77.1.2, 10.77.0.1, 24, false", "10.77.0.2, 10.77.0.3, 31, true",
            "10.77.0.2, 10.77.0.4, 30, false"})
    void samePrefix(String a, String b, int prefix, boolean expected) {
        assertThat(Endpoint.samePrefix(InterfaceAddress.parseAddress(a), InterfaceAddress.parseAddress(b), prefix))
                .isEqualTo(expected);
    }

    @Test
    void aSlash32LeavesNoAddress() {
        assertThat(Endpoint.nextAddress(InterfaceAddress.parse("10.77.0.1/32"))).isNull();
    }
}
